import { useParams } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/** The language of the page's address (`/:lang/…`); an address without a known one reads as the default. */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
