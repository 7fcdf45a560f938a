import { profileOf } from '../languages/profiles/index.js';
import type { ModuleResolver, ModuleTarget, ProjectFiles } from './project.js';

/** Import resolution for every language of one project: each language's resolver, built once. */
export interface ProjectResolution {
  readonly project: ProjectFiles;
  /** Where an import specifier written in `from` (a file of `language`) leads. */
  resolve(from: string, specifier: string, language: string): ModuleTarget;
  /** The file it leads to, or `null`. */
  resolveFile(from: string, specifier: string, language: string): string | null;
}

/** The resolution of a project's imports (languages without a module system resolve nothing). */
export function projectResolution(project: ProjectFiles): ProjectResolution {
  const resolvers = new Map<string, ModuleResolver | null>();
  const resolve = (from: string, specifier: string, language: string): ModuleTarget => {
    const modules = profileOf(language).modules;
    if (!modules) return { kind: 'unresolved', reason: `structedit does not follow ${language} imports` };
    let resolver = resolvers.get(modules.family);
    if (resolver === undefined) {
      resolver = modules.resolver(project);
      resolvers.set(modules.family, resolver);
    }
    return resolver ? resolver(from, specifier) : { kind: 'unresolved', reason: `structedit does not follow ${language} imports` };
  };
  return {
    project,
    resolve,
    resolveFile: (from, specifier, language) => {
      const target = resolve(from, specifier, language);
      return target.kind === 'file' ? target.path : null;
    },
  };
}
