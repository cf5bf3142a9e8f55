import fs from 'node:fs/promises';

/** Whether something is at this path (a file the process may see). */
export async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
