import { CenterPopup as AntdCenterPopup } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's CenterPopup, which Back closes first (its close button, else a tap outside). */
export const CenterPopup = closingOnBack(
  AntdCenterPopup,
  // A tap outside takes its event, which no close of ours reads.
  (props) => props.onClose ?? (props.onMaskClick as (() => void) | undefined),
);
export default CenterPopup;
