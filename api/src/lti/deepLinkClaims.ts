// The claims of LTI Deep Linking 2.0 that the tool reads and writes.

const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

export const DL_CLAIMS = {
  settings: `${DL}deep_linking_settings`,
  data: `${DL}data`,
  contentItems: `${DL}content_items`,
  msg: `${DL}msg`,
} as const;

/** What a deep-linking request's settings claim carries that the tool uses. */
export interface DeepLinkingSettings {
  deep_link_return_url: string;
  data?: string;
}
