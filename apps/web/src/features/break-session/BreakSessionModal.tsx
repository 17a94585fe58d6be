import type { BreakSession } from '@breaker/api-contract';
import { Badge, Button, Group, Modal, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlayerPause, IconPlayerPlay, IconPlayerSkipForward, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { activityTypeLabel } from '../library/activity-type-label';
import { announcement, formatClock, planSteps, stepAt } from './session-plan';
import { useCountdown } from './use-countdown';

interface BreakSessionModalProps {
  session: BreakSession;
  pending: boolean;
  onComplete: () => void;
  onClose: () => void;
}

/** The guided break: the activity's steps one at a time against a countdown of its duration, then marked complete. */
export function BreakSessionModal({ session, pending, onComplete, onClose }: BreakSessionModalProps) {
  const plan = useMemo(() => planSteps(session.activity.steps, session.duration), [session.activity.steps, session.duration]);
  const total = plan.at(-1)?.endsAt ?? 60;
  const countdown = useCountdown(total);
  const index = stepAt(plan, countdown.elapsed);
  const step = plan[index]!;
  const completedOnce = useRef(false);

  useEffect(() => {
    if (!countdown.finished || completedOnce.current) return;
    completedOnce.current = true;
    onComplete();
  }, [countdown.finished, onComplete]);

  const finishNow = () => {
    completedOnce.current = true;
    countdown.pause();
    onComplete();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Break session: ${session.activity.name}`}
      size="lg"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close break session' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      <Stack gap="md" data-testid="break-session">
        <Group gap="xs">
          <Badge variant="light">{activityTypeLabel(session.activity.type)}</Badge>
          <Text fz="sm" c="dimmed">
            {session.duration} {session.duration === 1 ? 'minute' : 'minutes'}
          </Text>
        </Group>
        <Group justify="space-between" align="center">
          <Text fw={700} fz={40} ff="monospace" role="timer" aria-label="Time left">
            {formatClock(total - countdown.elapsed)}
          </Text>
          {countdown.finished && (
            <ThemeIcon color="green" radius="xl" size="xl" aria-hidden>
              <IconCheck />
            </ThemeIcon>
          )}
        </Group>
        <Progress value={(countdown.elapsed / total) * 100} aria-label="Break progress" transitionDuration={200} />
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {announcement(plan, countdown.elapsed, total)}
        </VisuallyHidden>
        {countdown.finished ? (
          <Text fz="lg" fw={600}>
            Well done: that is your break taken.
          </Text>
        ) : (
          <div>
            <Text fz="sm" c="dimmed" fw={600}>
              Step {index + 1} of {plan.length}
            </Text>
            <Text fz="lg" data-testid="session-step">
              {step.text}
            </Text>
          </div>
        )}
        <Group justify="flex-end" gap="sm">
          {countdown.finished ? (
            <Button color="green" leftSection={<IconCheck size={18} />} loading={pending} onClick={onComplete}>
              Mark Complete
            </Button>
          ) : (
            <>
              {countdown.running ? (
                <Button variant="default" leftSection={<IconPlayerPause size={18} />} onClick={countdown.pause}>
                  Pause
                </Button>
              ) : (
                <Button variant="default" leftSection={<IconPlayerPlay size={18} />} onClick={countdown.resume}>
                  Resume
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconPlayerSkipForward size={18} />}
                disabled={index === plan.length - 1}
                onClick={() => countdown.jumpTo(step.endsAt)}
              >
                Skip Step
              </Button>
              <Button color="green" leftSection={<IconPlayerStop size={18} />} loading={pending} onClick={finishNow}>
                End Early
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
