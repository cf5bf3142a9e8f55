import { request } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { forgetReading } from '../../../lib/service-worker';
import { forgetStoredDrafts } from '../../../lib/stored-drafts';

/** `POST /logout` revokes the session; then the token goes and the page reloads, as specified. */
export async function logout(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await request<null>('/logout', { method: 'POST', timeoutMs: 5_000 });
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  setToken(null);
  forgetStoredDrafts();
  await forgetReading().catch(() => undefined);
  reload();
}
