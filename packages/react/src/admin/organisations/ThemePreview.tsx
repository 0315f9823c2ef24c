import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { type OrganisationDraft, previewColour, previewFont, previewLogo } from './organisationForm';
import { organisationStrings as t } from './organisationStrings';

/**
 * A live swatch of the theme being edited: the organisation's name, logo, text and a button in its
 * colours and font. Only values that pass the same checks as the server's reach the style.
 */
export function ThemePreview({ draft }: { draft: OrganisationDraft }) {
  const brand = previewColour(draft.brand);
  const contrast = previewColour(draft.brandContrast);
  const text = previewColour(draft.text);
  const background = previewColour(draft.background);
  const font = previewFont(draft.fontBody);
  const logo = previewLogo(draft.logoUrl);
  const name = draft.name.trim() || t.newHeading;
  return (
    <figure
      style={{
        margin: 0,
        padding: '16px',
        border: '1px solid #d1d5db',
        borderRadius: '8px',
        background: background ?? '#ffffff',
        color: text ?? '#1f2937',
        ...(font ? { fontFamily: font } : {}),
      }}
      data-testid="theme-preview"
    >
      <figcaption className={s.visuallyHidden}>{t.preview}</figcaption>
      <div className={s.row}>
        {logo ? (
          <img src={logo} alt="" height={32} style={{ maxWidth: '120px', objectFit: 'contain' }} />
        ) : null}
        <strong>{name}</strong>
      </div>
      <p style={{ margin: '8px 0' }}>{formatString(t.previewText, { name })}</p>
      <span
        data-testid="theme-preview-button"
        style={{
          display: 'inline-block',
          padding: '8px 16px',
          borderRadius: '8px',
          fontWeight: 600,
          background: brand ?? '#1d4ed8',
          color: contrast ?? '#ffffff',
        }}
      >
        {t.previewButton}
      </span>
    </figure>
  );
}
