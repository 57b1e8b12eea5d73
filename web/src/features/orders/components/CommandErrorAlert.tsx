import { CommandFailureAlert } from '../../../components/CommandFailureAlert';

/** A failed order command inside its dialog or form: the version conflict with a reload button, else the error. */
export function CommandErrorAlert({ error, onReload }: { error: unknown; onReload: () => void }) {
  return <CommandFailureAlert error={error} onReload={onReload} />;
}
