import { notify } from '../../../lib/notify';
import { fetchFileLink } from '../api/offer-actions';

/** Opens a stored file through a short-lived signed link (a new tab, since no bearer header can go with it). */
export async function openFile(path: string, failed: string): Promise<void> {
  try {
    const link = await fetchFileLink(path);
    window.open(link, '_blank', 'noopener');
  } catch {
    notify('error', failed);
  }
}
