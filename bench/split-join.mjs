import { readFile, writeFile } from 'node:fs/promises';

/**
 * The naive way to apply file_edit's edits: for each edit, count by splitting the whole text,
 * check the count, and join the parts with the new text. One read and one write, but every edit
 * copies the whole file.
 */
export async function splitJoinEdit(file, edits) {
  let text = await readFile(file, 'utf8');
  for (const edit of edits) {
    const parts = text.split(edit.old_text);
    if (parts.length - 1 !== (edit.occurrences ?? 1)) throw new Error(`expected ${edit.occurrences ?? 1} occurrences, found ${parts.length - 1}`);
    text = parts.join(edit.new_text);
  }
  await writeFile(file, text);
}
