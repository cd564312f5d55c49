import { ApiError } from '../../api/client';

/**
 * The import's requests: the file posted as multipart through XMLHttpRequest (fetch reports no upload progress),
 * `onUpload` told the fraction sent, `onRows` the rows the server has written so far (its NDJSON progress lines,
 * core/import/import.routes.ts); the last line is the result, or the error found after the first progress line.
 */
export interface ImportResult {
  headers: string[];
  mapping: (string | null)[];
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: { row: number; column: string | null; message: string }[];
  committed: boolean;
  dryRun: boolean;
  message?: string;
}

export function postFile<T>(url: string, file: File, onUpload?: (fraction: number) => void, onRows?: (rows: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json, application/x-ndjson');
    let seen = 0;
    let last: { result?: T; error?: { message: string } } | null = null;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n');
      if (end < seen) return;
      for (const line of text.slice(seen, end).split('\n')) {
        if (!line.trim()) continue;
        const o = JSON.parse(line) as { progress?: number; result?: T; error?: { message: string } };
        if (typeof o.progress === 'number') onRows?.(o.progress);
        else last = o;
      }
      seen = end + 1;
    };
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onUpload?.(e.loaded / e.total); };
    xhr.onprogress = () => { if ((xhr.getResponseHeader('content-type') ?? '').includes('ndjson')) readLines(); };
    xhr.onerror = () => reject(new ApiError(0, 'network', ''));
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? '';
      try {
        if (xhr.status >= 400) {
          const body = JSON.parse(xhr.responseText) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
          reject(new ApiError(xhr.status, body.error?.code ?? 'error', body.error?.message ?? '', body.error?.fields));
          return;
        }
        if (!type.includes('ndjson')) { resolve(JSON.parse(xhr.responseText) as T); return; }
        readLines();
        if (last?.result) resolve(last.result);
        else reject(new ApiError(400, 'import', last?.error?.message ?? ''));
      } catch {
        reject(new ApiError(xhr.status, 'error', ''));
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
