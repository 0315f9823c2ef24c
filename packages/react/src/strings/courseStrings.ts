import { catalogStrings } from './catalogStrings';
import { offlineStrings } from './offlineStrings';
import { playerStrings } from './playerStrings';
import { progressStrings } from './progressStrings';
import { quizStrings } from './quizStrings';
import { sharedStrings } from './sharedStrings';

/**
 * Every text the learner widgets show, read or announce: the spec's English (learner §2/§4/§8).
 * Keys name the meaning, not the English; `{name}` placeholders are filled by formatString. Texts
 * that core already holds (messages, PLATFORM_TIME) come from there; what a course says about itself
 * (its title, time texts, module names) is its data, read from the adapter's outline, never a text here; core's rules answer meanings
 * ('start', { kind: 'intro' }) and ruleTexts.ts picks these texts for them.
 * Where English needs a plural, the two forms are two keys (…One / …Other).
 *
 * Kept in one section per widget so each widget's bundle carries only its own texts (useStrings).
 */
const catalogue = {
  ...sharedStrings,
  ...playerStrings,
  ...progressStrings,
  ...quizStrings,
  ...offlineStrings,
  ...catalogStrings,
};

/** The texts of the learner widgets, by key; CourseProvider's `strings` replaces any of them. */
export type CourseStrings = { readonly [K in keyof typeof catalogue]: string };

/** The widgets' English texts, as the spec writes them. */
export const defaultCourseStrings: CourseStrings = catalogue;
