import { moduleContentNotAvailable } from '../adminMessages';
import type { ContentLoadResult } from '../schemas/admin';
import type { PlatformTexts, SystemMessageType, SystemSettings } from '../schemas/entities';
import { normalizeSystemMessage } from '../validation/forms';

// What the admin console's settings and content operations answer (admin §4/§7/§8), for every
// backend: the settings patch an update makes, and the result of each content operation.

/** The admin's settings change, as the endpoint takes it. */
export interface SettingsChange {
  maintenance_mode?: boolean | undefined;
  system_message?: string | null | undefined;
  system_message_type?: SystemMessageType | undefined;
  platform?: Partial<PlatformTexts> | undefined;
}

/** What a settings change writes: the fields it names; `platform` holds only the words it changes. */
export type SettingsPatch = Partial<
  Pick<SystemSettings, 'maintenance_mode' | 'system_message' | 'system_message_type'>
> & {
  platform?: Partial<PlatformTexts>;
};

/**
 * admin §4/§5: the fields given are changed; the message is trimmed and a blank one clears it;
 * turning maintenance off also clears the message and resets its type to info. The platform's words
 * change one by one.
 */
export function settingsPatch(change: SettingsChange): SettingsPatch {
  const patch: SettingsPatch = {};
  if (change.platform !== undefined) {
    const words = Object.entries(change.platform).filter(([, value]) => value !== undefined);
    if (words.length > 0) patch.platform = Object.fromEntries(words) as Partial<PlatformTexts>;
  }
  if (change.maintenance_mode !== undefined) patch.maintenance_mode = change.maintenance_mode;
  if (change.system_message !== undefined)
    patch.system_message = normalizeSystemMessage(change.system_message);
  if (change.system_message_type !== undefined) patch.system_message_type = change.system_message_type;
  if (change.maintenance_mode === false) {
    patch.system_message = null;
    patch.system_message_type = 'info';
  }
  return patch;
}

/** What a content load changed: lessons created, updated and deactivated. */
export interface ContentLoadSummary {
  inserted: number;
  updated: number;
  deactivated: number;
}

const counts = (s: ContentLoadSummary) =>
  `${s.inserted} lessons created, ${s.updated} updated, ${s.deactivated} deactivated`;
const changed = (s: ContentLoadSummary) => ({
  lessonsCreated: s.inserted,
  lessonsUpdated: s.updated,
  lessonsDeactivated: s.deactivated,
});

/** What each content operation answers (admin §2 Content Management, §8's texts). */
export const contentResults = {
  /** Load All Modules done: `Loaded {n} modules: …`. */
  allLoaded: (modules: number, summary: ContentLoadSummary): ContentLoadResult => ({
    success: true,
    message: `Loaded ${modules} modules: ${counts(summary)}`,
    ...changed(summary),
  }),
  /** Load Module N done: `Module {n} loaded: …`. */
  moduleLoaded: (moduleId: number, summary: ContentLoadSummary): ContentLoadResult => ({
    success: true,
    message: `Module ${moduleId} loaded: ${counts(summary)}`,
    ...changed(summary),
  }),
  /**
   * Load Module N of a module the course's content does not hold (admin §8). Which modules load
   * is the content's: whatever modules it has, nothing else.
   */
  moduleMissing: (moduleId: number): ContentLoadResult => ({
    success: false,
    message: moduleContentNotAvailable(moduleId),
    lessonsCreated: 0,
  }),
  /** Refresh All Images done. */
  imagesRefreshed: (count: number): ContentLoadResult => ({
    success: true,
    message: `Refreshed ${count} images`,
    lessonsCreated: 0,
  }),
  /** An operation that failed unexpectedly: the spec's text, nothing changed. */
  failed: (message: string): ContentLoadResult => ({
    success: false,
    message,
    lessonsCreated: 0,
    lessonsUpdated: 0,
    lessonsDeactivated: 0,
  }),
};
