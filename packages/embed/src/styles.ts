import widgetStyles from 'coursekit:styles';

/**
 * What the shadow root carries: a reset of everything the host page would otherwise pass down by
 * inheritance (fonts, colours, line-height, direction…), then the widgets' own stylesheet, which
 * the build inlines here as text.
 */
export const PLAYER_STYLES = `:host{all:initial;display:block;contain:content}\n${widgetStyles}`;
