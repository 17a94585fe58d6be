import { Anchor, Button, Paper, type AnchorProps, type ButtonProps, type PaperProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/** Mantine components rendered as router links (typed `to`, preloading, active state). */

type AnchorElementProps = Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>;

function ButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

function TextAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

function PaperAnchor(props: PaperProps & AnchorElementProps) {
  return <Paper component="a" {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
export const AnchorLink = createLink(TextAnchor);
export const CardLink = createLink(PaperAnchor);
