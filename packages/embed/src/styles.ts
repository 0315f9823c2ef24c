import widgetStyles from 'coursekit:styles';

/**
 * What the shadow root carries: a reset of everything the host page would otherwise pass down by
 * inheritance (fonts, colours, line-height, direction…), then the widgets' own stylesheet, which
 * the build inlines here as text.
 */
const OFFLINE_NOTICE =
  '.ck-offline{font:14px/1.4 system-ui,sans-serif;color:#713f12;background:#fef9c3;border:1px solid #a16207;border-radius:8px;padding:8px 12px;margin:0 0 8px}.ck-offline[hidden]{display:none}';

export const PLAYER_STYLES = `:host{all:initial;display:block;contain:content}\n${OFFLINE_NOTICE}\n${widgetStyles}`;
