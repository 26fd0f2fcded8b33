import { CalendarPicker as AntdCalendarPicker } from 'antd-mobile';
import { closingOnBack } from './closing-on-back';

/** antd-mobile's CalendarPicker, which Back closes first (as its close does, nothing chosen). */
export const CalendarPicker = closingOnBack(AntdCalendarPicker);
// Its own module, so the component's code loads when a page first asks for it.
export default CalendarPicker;
