import { Picker as AntdPicker } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's Picker, which Back closes first (as its cancel does, nothing chosen). */
export const Picker = closingOnBack(AntdPicker);
