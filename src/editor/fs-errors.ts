import { ResultAsync } from 'neverthrow';
import { makeError, type ErrorOf, type StructeditError } from '../core/errors.js';
import { FsError } from '../fs/adapter.js';

/** Converts an adapter's rejection into an error value. */
export function fromFs<T>(promise: Promise<T>, path: string, operation: 'read' | 'write'): ResultAsync<T, StructeditError> {
  return ResultAsync.fromPromise(promise, (cause) => fsFailure(cause, path, operation));
}

/** The error value for an adapter failure. */
export function fsFailure(cause: unknown, path: string, operation: 'read' | 'write'): StructeditError {
  const code = cause instanceof FsError ? cause.code : typeof cause === 'object' && cause !== null && typeof (cause as { code?: unknown }).code === 'string' ? (cause as { code: string }).code : 'EIO';
  const reason = cause instanceof Error ? cause.message : String(cause);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return makeError('FILE_NOT_FOUND', `No file at ${path}. Paths are relative to the editor's root; check the spelling and the folder.`, { path });
    case 'EACCES':
    case 'EPERM':
      return makeError('PERMISSION_DENIED', `Permission denied to ${operation} ${path}: the file system refuses it. Check the file's permissions (or ask the user to change them), or work on another file.`, { path, operation });
    case 'OUTSIDE_ROOT':
      return makeError('PATH_OUTSIDE_ROOT', `${path} is outside the editor's root (${reason}). Use a path inside the root.`, { path });
    case 'INVALID_PATH':
      return makeError('INVALID_ARGUMENT', `Invalid path: ${reason}.`, { issues: [{ field: 'path', message: reason }] });
    case 'EISDIR':
      return makeError('INVALID_ARGUMENT', `${path} is a folder, not a file. Give the path of a file.`, { issues: [{ field: 'path', message: 'is a folder' }] });
    default:
      return makeError('IO_ERROR', `Could not ${operation} ${path}: ${reason}.`, { path, operation, code: String(code) });
  }
}

/** `FILE_TOO_LARGE`, with the next step the limit suggests. */
export function fileTooLarge(path: string, size: number, limit: { bytes: number; advice: string }): ErrorOf<'FILE_TOO_LARGE'> {
  return makeError('FILE_TOO_LARGE', `${path} is ${size} bytes, over the ${limit.bytes}-byte limit of this operation. ${limit.advice}`, {
    path,
    file_size: size,
    limit: limit.bytes,
  });
}
