export { copyText } from "./copy-text";
export { ShareModal, type ShareModalProps, viewerUrlOf } from "./ShareModal";
