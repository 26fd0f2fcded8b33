import { useId } from 'react';
import { TextArea, type TextAreaProps } from 'antd-mobile';

/**
 * antd-mobile's TextArea puts `aria-label` on its wrapper, not on the text box, so a screen
 * reader (and a label look-up) finds an unnamed box. This names the box itself, with a label
 * only assistive technology sees.
 */
export function LabelledTextArea({
  label,
  ...props
}: Omit<TextAreaProps, 'id'> & { label: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <TextArea {...props} id={id} />
    </>
  );
}
