import { useLanguage } from '../../../lib/i18n/use-language';
import { useProfile } from '../../../lib/session/session';
import { Hero } from '../components/Hero';
import { Overview } from '../components/Overview';

/** '' and home: visitors meet the banner; signed-in customers their overview (others were sent on by the loader). */
export function Component() {
  const lang = useLanguage();
  const profile = useProfile();
  return profile ? <Overview lang={lang} /> : <Hero lang={lang} />;
}
