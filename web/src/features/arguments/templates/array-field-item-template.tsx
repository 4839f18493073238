import { useContext } from 'react';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { ArrayLabelContext } from './template-contexts.ts';
import { IconButton } from './icon-button.tsx';

/**
 * One array item with its toolbar. Buttons are named after the item ("Move items #2 up") so that, in nested
 * arrays, each name is unique on the page.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index } = props;
  const arrayName = useContext(ArrayLabelContext);
  const itemName = `${arrayName} #${index + 1}`;
  const { hasMoveUp, hasMoveDown, hasRemove, hasCopy, disabled, readonly } = buttonsProps;
  const inactive = disabled || readonly;
  return (
    <div role="group" aria-label={itemName} className="flex items-start gap-1">
      <span
        aria-hidden="true"
        className="w-5 shrink-0 pt-1.5 text-right font-mono text-[11px] text-slate-400"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar && (
        <div className="flex shrink-0 items-center pt-0.5">
          {(hasMoveUp || hasMoveDown) && (
            <>
              <IconButton
                label={`Move ${itemName} up`}
                glyph="↑"
                disabled={inactive || !hasMoveUp}
                onClick={buttonsProps.onMoveUpItem}
              />
              <IconButton
                label={`Move ${itemName} down`}
                glyph="↓"
                disabled={inactive || !hasMoveDown}
                onClick={buttonsProps.onMoveDownItem}
              />
            </>
          )}
          {hasCopy && (
            <IconButton
              label={`Copy ${itemName}`}
              glyph="⧉"
              disabled={inactive}
              onClick={buttonsProps.onCopyItem}
            />
          )}
          {hasRemove && (
            <IconButton
              label={`Remove ${itemName}`}
              glyph="✕"
              disabled={inactive}
              onClick={buttonsProps.onRemoveItem}
            />
          )}
        </div>
      )}
    </div>
  );
}
