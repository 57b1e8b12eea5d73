import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageSkeleton } from '../../components/PageSkeleton';
import { logOut } from '../../lib/session/log-out';
import { useLanguage } from '../../lib/i18n/use-language';
import { paths } from '../../lib/paths';

/** /logout: ends the session, then shows the login page. */
export function Component() {
  const navigate = useNavigate();
  const lang = useLanguage();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logOut().finally(() => void navigate(paths.login(lang), { replace: true }));
  }, [lang, navigate]);
  return <PageSkeleton />;
}
