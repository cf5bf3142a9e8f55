import lists from './content/words.json' with { type: 'json' };

/** Word lists for generated data. Lists are ordered from the most to the least common where it matters. */
export interface WordLists {
  /** About 300 technology names, most used first, spelled the way people write them. */
  technologies: readonly string[];
  firstNamesMale: readonly string[];
  firstNamesFemale: readonly string[];
  /** Family names in their masculine form; the feminine adds "a" (Karimov → Karimova). */
  lastNames: readonly string[];
  cities: readonly string[];
  roles: readonly string[];
  /** Title parts. The Uzbek pattern is "<adjective> <subject> <kind>", the English one the same. */
  uzTitleAdjectives: readonly string[];
  uzTitleSubjects: readonly string[];
  uzTitleKinds: readonly string[];
  enTitleAdjectives: readonly string[];
  enTitleSubjects: readonly string[];
  enTitleKinds: readonly string[];
  /** First sentences of a description; `{subject}` and `{kind}` come from the title. */
  uzDescriptionOpenings: readonly string[];
  enDescriptionOpenings: readonly string[];
  descriptionFeatures: readonly string[];
  descriptionClosings: readonly string[];
  comments: readonly string[];
  bioTemplates: readonly string[];
}

/** The lists are data (content/words.json); the type keeps a renamed or missing list a compile error. */
export const words: WordLists = lists;
