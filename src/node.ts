/**
 * `structedit/node`: what runs only in Node. {@link nodeFs} is the file system adapter over a
 * real folder (atomic writes, symbolic links kept inside the root). The root entry `structedit`
 * runs anywhere (Node, browsers, workers) and imports nothing of Node.
 *
 * @packageDocumentation
 */
export { nodeFs, type NodeFsOptions } from './fs/node.js';
