// One upload at a time with its progress, cancel and error text, for the photo, cover and media fields.
import { useRef, useState } from 'react';
import type { MediaFile, UploadKind } from '../../../contract/profile-sections.ts';
import { ApiError, UploadCancelledError } from '../../lib/base/api-error.ts';
import { uploadProfileFile, type UploadHandle } from '../../lib/stores/profile.ts';
import type { Translate } from '../../i18n/translator.ts';

export interface Upload {
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  error: string;
  /** Resolves with the stored file, or undefined when it failed or was cancelled (the error says which). */
  start(file: File): Promise<MediaFile | undefined>;
  cancel(): void;
  clearError(): void;
}

export function useUpload(kind: UploadKind, t: Translate): Upload {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const handle = useRef<UploadHandle<MediaFile> | null>(null);
  return {
    progress,
    error,
    async start(file) {
      setError('');
      handle.current = uploadProfileFile(kind, file, setProgress);
      try {
        return await handle.current.done;
      } catch (failure) {
        if (failure instanceof UploadCancelledError) setError(t('upload.cancelled'));
        else setError(failure instanceof ApiError ? failure.message : t('error.generic'));
        return undefined;
      } finally {
        handle.current = null;
        setProgress(null);
      }
    },
    cancel: () => handle.current?.cancel(),
    clearError: () => setError(''),
  };
}
