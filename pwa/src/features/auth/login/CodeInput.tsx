import { forwardRef, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { CODE_LENGTH, enterDigits, typedText, type Digits } from './codeDigits'

export interface CodeInputHandle {
  focus: (index?: number) => void
}

interface Props {
  digits: Digits
  onChange: (digits: string[]) => void
  /** Read-only rather than disabled, so focus can return to the boxes at once. */
  readOnly?: boolean
}

/**
 * Six single-digit boxes. Typing or pasting several digits fills successive
 * boxes; Backspace on an empty box and the arrow keys move focus (spec §2).
 */
export const CodeInput = forwardRef<CodeInputHandle, Props>(function CodeInput({ digits, onChange, readOnly }, ref) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]
    box?.focus()
    box?.select()
  }
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }))

  const apply = (index: number, text: string) => {
    const result = enterDigits(digits, index, text)
    onChange(result.digits)
    focusBox(result.focus)
  }

  const onInput = (index: number, value: string) => {
    if (value === '') {
      onChange(digits.map((d, i) => (i === index ? '' : d)))
      return
    }
    apply(index, typedText(value, digits[index] ?? ''))
  }

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    if (!readOnly) apply(index, event.clipboardData.getData('text'))
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowLeft: -1, ArrowRight: 1 }[event.key]
    if (move !== undefined) {
      event.preventDefault()
      focusBox(index + move)
    } else if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault()
      focusBox(index - 1)
    }
  }

  return (
    <div className="code-input" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el
          }}
          className="code-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          value={digit}
          readOnly={readOnly}
          onChange={(e) => onInput(index, e.target.value)}
          onPaste={(e) => onPaste(index, e)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  )
})
