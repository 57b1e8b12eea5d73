import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageSkeleton } from '../../components/PageSkeleton';
import { logOut } from '../../lib/log-out';
import { DEFAULT_LANGUAGE, isLanguage } from '../../lib/languages';
import { paths } from '../../lib/paths';

/** /logout: ends the session, then shows the login page. */
export function Component() {
  const navigate = useNavigate();
  const { lang: langParam } = useParams();
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut().finally(() => void navigate(paths.login(lang), { replace: true }));
  }, [lang, navigate]);
  return <PageSkeleton />;
}
