/**
 * The editor's writing operations, loaded together on the first write: a session that only reads
 * (listings, reads, searches) does not load their planning, diffs and previews at startup.
 */
export { applyChunks } from './chunk-edit.js';
export { editFile } from './file-edit.js';
export { createFile, deleteFile, moveFile } from './file-lifecycle.js';
export { deleteStructure, insertAfterStructure, insertBeforeStructure, moveStructure, replaceAllTextInStructure, replaceStructure, replaceTextInStructure } from './structure-edits.js';
