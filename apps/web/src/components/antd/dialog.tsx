import {
  Dialog as AntdDialog,
  type DialogAlertProps,
  type DialogConfirmProps,
  type DialogShowProps,
} from 'antd-mobile';
import { getDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { openBackLayer } from '@/lib/close-on-back';
import { closingOnBack } from './closing-on-back';

type DialogShowHandler = ReturnType<typeof AntdDialog.show>;

/**
 * A dialog shown by a call, which Back closes first: as a tap outside would, so `onClose` runs
 * (a confirm answers "no", an alert is dismissed).
 */
function show(props: DialogShowProps): DialogShowHandler {
  let release = () => undefined as void;
  const handler = AntdDialog.show({
    ...props,
    onClose: () => {
      release();
      props.onClose?.();
    },
  });
  release = openBackLayer(() => void handler.close());
  return handler;
}

// antd-mobile's alert and confirm call its own `show`, out of reach: the same two, on the one
// above (their buttons and texts as antd-mobile's).

function alert(props: DialogAlertProps): Promise<void> {
  return new Promise((resolve) => {
    show({
      ...props,
      closeOnAction: true,
      actions: [{ key: 'confirm', text: props.confirmText ?? getDefaultConfig().locale.Dialog.ok }],
      onAction: props.onConfirm,
      onClose: () => {
        props.onClose?.();
        resolve();
      },
    });
  });
}

function confirm(props: DialogConfirmProps): Promise<boolean> {
  const { locale } = getDefaultConfig();
  return new Promise((resolve) => {
    show({
      ...props,
      closeOnAction: true,
      onClose: () => {
        props.onClose?.();
        resolve(false);
      },
      actions: [
        [
          {
            key: 'cancel',
            text: props.cancelText ?? locale.common.cancel,
            onClick: async () => {
              await props.onCancel?.();
              resolve(false);
            },
          },
          {
            key: 'confirm',
            text: props.confirmText ?? locale.common.confirm,
            bold: true,
            onClick: async () => {
              await props.onConfirm?.();
              resolve(true);
            },
          },
        ],
      ],
    });
  });
}

/** antd-mobile's Dialog, as a component and by its calls, which Back closes first. */
export const Dialog = Object.assign(closingOnBack(AntdDialog), {
  show,
  alert,
  confirm,
  clear: AntdDialog.clear,
});
// Its own module, so the component's code loads when a page first asks for it.
export default Dialog;
