// A module of its own, so the component's code loads when a page first asks for it.
export { ActionSheet as default } from 'antd-mobile';
