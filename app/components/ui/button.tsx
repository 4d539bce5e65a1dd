import { Slot } from "@radix-ui/react-slot";
import clsx from "clsx";
import type { ComponentProps } from "react";

/** The looks and sizes, as the short classes app/theme.css defines. */
type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg" | "icon";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: Variant;
  size?: Size;
  /** Render the child (a link, say) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant = "primary", size = "md", asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={clsx("btn", `btn-${variant}`, `btn-${size}`, className)}
      {...props}
    />
  );
}
