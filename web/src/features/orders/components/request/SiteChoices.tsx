import { useTranslation } from 'react-i18next';
import { Fact } from '../Fact';

/** A site brief's choices, named in the reader's language; nothing when none was picked. */
export function SiteChoices({ label, kind, keys }: { label: string; kind: 'certificates' | 'allergens'; keys: readonly string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return null;
  return (
    <Fact label={label} testId={`order-site-${kind}`}>
      {keys.map((key) => t(`ordering.siteBrief.${kind}.${key}`)).join(', ')}
    </Fact>
  );
}
