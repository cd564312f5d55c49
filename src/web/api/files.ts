import { api } from './client';

/** Uploaded files (POST /api/files, images only, 2 MB). A file field stores the generated id `<uuid>.<ext>`. */
export interface UploadedFile { id: string; name: string; mime: string; size: number }

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export function fileUrl(id: string | null | undefined): string | undefined {
  return id ? `/api/files/${encodeURIComponent(id)}` : undefined;
}

/** `target`: the field it is for, `<entity>.<field>` (the server checks the caller may write that field). */
export function uploadFile(file: File, target?: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return api<UploadedFile>(target ? `/api/files?for=${encodeURIComponent(target)}` : '/api/files', { method: 'POST', body });
}
