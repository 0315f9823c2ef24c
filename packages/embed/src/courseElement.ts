import { type MountedPlayer, mountCoursePlayer } from './mountCoursePlayer';

/** Reads the `theme` attribute: JSON of CourseTheme, e.g. `{"color":{"brand":"#0b6e4f"}}`. */
function parseTheme(value: string | null) {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    console.warn('CourseKit: the theme attribute is not valid JSON and was ignored');
    return undefined;
  }
}

/**
 * `<course-player api-url="https://courses.example.com/api" module="2" theme='{"color":{"brand":"#0b6e4f"}}'>`
 * Course events arrive as DOM events named `coursekit:{type}` (they cross the shadow boundary).
 * A host with its own sign-in sets `element.getAccessToken = () => token` before adding the element.
 */
export class CoursePlayerElement extends HTMLElement {
  static observedAttributes = ['api-url', 'module', 'theme'];
  getAccessToken?: () => Promise<string | null | undefined> | string | null | undefined;
  #player: MountedPlayer | undefined;

  #options() {
    const moduleId = Number(this.getAttribute('module'));
    return {
      apiUrl: this.getAttribute('api-url') ?? '/api',
      theme: parseTheme(this.getAttribute('theme')),
      ...(Number.isInteger(moduleId) && moduleId > 0 ? { moduleId } : {}),
      ...(this.getAccessToken ? { getAccessToken: this.getAccessToken } : {}),
    };
  }

  connectedCallback() {
    this.#player ??= mountCoursePlayer(this, this.#options());
  }

  attributeChangedCallback() {
    this.#player?.update(this.#options());
  }

  disconnectedCallback() {
    this.#player?.unmount();
    this.#player = undefined;
  }
}

/** Registers `<course-player>` once, whichever script gets there first. */
export function defineCoursePlayerElement(name = 'course-player'): void {
  if (!customElements.get(name)) customElements.define(name, CoursePlayerElement);
}
