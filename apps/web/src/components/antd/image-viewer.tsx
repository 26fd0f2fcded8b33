import { ImageViewer as AntdImageViewer } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's full-screen ImageViewer (and its Multi), which Back closes first. */
export const ImageViewer = Object.assign(closingOnBack(AntdImageViewer), {
  Multi: closingOnBack(AntdImageViewer.Multi),
});
