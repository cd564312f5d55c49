import { apiBlob } from './client';

/** Downloads a file answer (e.g. an Excel export) through the API client, so errors surface like any other. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName || fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
