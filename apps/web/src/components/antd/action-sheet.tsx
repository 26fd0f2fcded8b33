import { ActionSheet as AntdActionSheet } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's ActionSheet, which Back closes first (as its cancel does). */
export const ActionSheet = closingOnBack(AntdActionSheet);
// Its own module, so the component's code loads when a page first asks for it.
export default ActionSheet;
