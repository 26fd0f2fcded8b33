// A module of its own, so the component's code loads when a page first asks for it.
export { CalendarPicker as default } from 'antd-mobile';
