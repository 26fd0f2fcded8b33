import { DatePicker as AntdDatePicker } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's DatePicker, which Back closes first (as its cancel does, nothing chosen). */
export const DatePicker = closingOnBack(AntdDatePicker);
