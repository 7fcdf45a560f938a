import type { Node } from 'web-tree-sitter';
import { ScopeBuilder, type Scope, type ScopeModel } from './scopes.js';
import { namedChildrenOf } from './syntax.js';

/** Commands whose arguments are commands (`trap clean EXIT`, `xargs -n1 build`): a word there naming a function uses it. */
const RUNS_ARGUMENTS = new Set(['trap', 'eval', 'exec', 'command', 'builtin', 'xargs', 'nohup', 'time', 'timeout', 'watch', 'sudo', 'env', 'nice', 'parallel']);
/**
 * Commands that never run their arguments: a word there is data (`echo clean`). Any other command
 * may (a function of the script that `eval`s its arguments, as git's `test_expect_success` does),
 * so a mention there is left untied: a remove or rename that meets one cannot prove it unrelated.
 */
const DATA_ARGUMENTS = new Set(['echo', 'printf', 'cd', 'pushd', 'rm', 'rmdir', 'mkdir', 'cp', 'mv', 'ln', 'cat', 'touch', 'chmod', 'chown', 'ls', 'test', '[', 'unset', 'return', 'exit', 'shift', 'read', 'grep', 'sed', 'cut', 'tr', 'sort', 'uniq', 'head', 'tail', 'wc', 'basename', 'dirname', 'mktemp', 'tee', 'diff', 'install']);

/**
 * Bash's scoping: functions are global, named by their definition and called as commands (a
 * command's name is a use of the function of that name, or of nothing: a program on the PATH);
 * variables are global unless declared `local` (or `declare`, `typeset` inside a function), and
 * `$x`, `${x}`, `${x[0]}` use them. A word or quoted word given to a command that runs its
 * arguments (`trap`, `eval`, `xargs`, …) uses the function it names; given to a command that
 * never runs them (`echo`, `rm`, …), it is data; given to any other, it is left untied. Dynamic names (`"$cmd"`, `read x`) bind nothing. Functions and variables share one
 * namespace here, which Bash keeps apart.
 */
export function bashScopes(root: Node): ScopeModel {
  const builder = new ScopeBuilder(root);
  const module = builder.module;

  /** A variable assigned: local where the function declared it so, else global. */
  const assign = (name: Node, scope: Scope, local: boolean) => {
    const home = local || scope.bindings.has(name.text) ? scope : module;
    builder.occurrence(name, 'definition', scope, { declareIn: home, kind: 'variable' });
  };

  /**
   * The words of a command's argument, each as `role`: uses of the functions they name where the
   * command runs its arguments (`trap 'clean; rm -f x' EXIT`), data elsewhere (`echo build`). An
   * argument with expansions in it is walked for them.
   */
  const argumentWords = (argument: Node, scope: Scope, role: 'reference' | 'text') => {
    if (argument.type !== 'word' && argument.type !== 'raw_string' && !(argument.type === 'string' && argument.namedChildCount === 0)) {
      visit(argument, scope);
      return;
    }
    for (const match of argument.text.matchAll(/[\p{L}_][\p{L}\p{N}_]*/gu)) {
      const start = argument.startIndex + match.index;
      builder.occurrence(argument, role, scope, { name: match[0], start, end: start + match[0].length });
    }
  };

  const visit = (node: Node, scope: Scope): void => {
    switch (node.type) {
      case 'comment':
        return;
      case 'function_definition': {
        const name = node.childForFieldName('name');
        if (name) builder.occurrence(name, 'definition', scope, { declareIn: module, kind: 'function' });
        const inner = builder.scope('function', node.startIndex, node.endIndex, scope);
        for (const child of namedChildrenOf(node)) if (child.id !== name?.id) visit(child, inner);
        return;
      }
      case 'command': {
        const name = node.childForFieldName('name');
        const word = name?.namedChildCount === 1 ? name.namedChild(0) : null;
        if (word?.type === 'word') builder.occurrence(word, 'reference', scope);
        else if (name) visit(name, scope);
        const role = word?.type !== 'word' ? null : RUNS_ARGUMENTS.has(word.text) ? 'reference' : DATA_ARGUMENTS.has(word.text) ? 'text' : null;
        namedChildrenOf(node).forEach((child, index) => {
          if (child.id === name?.id) return;
          if (role && node.fieldNameForNamedChild(index) === 'argument') argumentWords(child, scope, role);
          else visit(child, scope);
        });
        return;
      }
      case 'declaration_command': {
        const keyword = node.child(0)?.text ?? '';
        const local = keyword === 'local' || ((keyword === 'declare' || keyword === 'typeset') && scope !== module);
        for (const child of namedChildrenOf(node)) {
          if (child.type === 'variable_assignment') {
            const name = child.childForFieldName('name');
            if (name?.type === 'variable_name') assign(name, scope, local);
            for (const part of namedChildrenOf(child)) if (part.id !== name?.id) visit(part, scope);
          } else if (child.type === 'variable_name') assign(child, scope, local);
          else visit(child, scope);
        }
        return;
      }
      case 'variable_assignment': {
        const name = node.childForFieldName('name');
        if (name?.type === 'variable_name') assign(name, scope, false);
        for (const child of namedChildrenOf(node)) if (child.id !== name?.id) visit(child, scope);
        return;
      }
      case 'for_statement': {
        const variable = node.childForFieldName('variable');
        if (variable?.type === 'variable_name') assign(variable, scope, false);
        for (const child of namedChildrenOf(node)) if (child.id !== variable?.id) visit(child, scope);
        return;
      }
      case 'variable_name':
        builder.occurrence(node, 'reference', scope);
        return;
      default:
        for (const child of namedChildrenOf(node)) visit(child, scope);
    }
  };

  for (const child of namedChildrenOf(root)) visit(child, module);
  return builder.finish('bash', true);
}
