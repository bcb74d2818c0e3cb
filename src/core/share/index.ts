// Share links (share.ts) and the base64 helpers the exports use too.
export {
  decodeShare,
  encodeShare,
  shareRefusal,
  encodeSharePayload,
  shareUrl,
  MAX_SHARE_CHARS,
  MAX_SHARE_JSON_BYTES,
  SHARE_BASE_PARAM,
  SHARE_FILE_CHARS,
  SHARE_VERSION,
  SHARE_WARN_CHARS,
} from './share';
export type { ShareErrorKind, ShareResult } from './share';
export { fromBase64, isBase64, toBase64, toBase64Url } from '../keys/base64';
