// Share links in the studio. See src/app/README.md ("Share, export, import").
export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { ShareButton } from './ShareButton';
export { SharedLinkBanner, SharedLinkError, type SharedLinkBannerProps, type SharedLinkErrorProps } from './SharedLinkBanner';
export {
  buildShareLink,
  isShareHash,
  linkAdvice,
  openSharedLink,
  SHARE_ERROR_TITLES,
  uniqueName,
  type LinkAdvice,
  type OpenedLink,
  type ShareLink,
} from './link';
export { SHARE_BASE_KEY, checkBase, pageBase, readBase } from './base';
export { Modal, type ModalProps } from './Modal';
