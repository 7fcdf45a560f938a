import type { LanguageProfile } from '../profile.js';
import { usualBlankLinesBetween } from './generic.js';

/** HTML: `<!DOCTYPE html>` sits right above the `<html>` element. */
export const html: LanguageProfile = {
  languages: ['html'],
  layout: { blankLinesBetween: (upper, lower) => (upper === 'doctype' ? 0 : usualBlankLinesBetween(upper, lower)) },
};
