// A module of its own, so the component's code loads when a page first asks for it.
export { Popup as default } from 'antd-mobile';
