import { Popup as AntdPopup } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's Popup, which Back closes first (its close button, else a tap outside). */
export const Popup = closingOnBack(
  AntdPopup,
  (props) =>
    // A tap outside takes its event, which no close of ours reads.
    props.onClose ?? (props.onMaskClick as (() => void) | undefined),
);
// Its own module, so the component's code loads when a page first asks for it.
export default Popup;
