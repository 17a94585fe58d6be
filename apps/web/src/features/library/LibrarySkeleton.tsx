import { LIBRARY_SKELETON_CARDS } from '@breaker/api-contract';
import { Skeleton } from '@mantine/core';

export function LibrarySkeleton() {
  return Array.from({ length: LIBRARY_SKELETON_CARDS }, (_, index) => <Skeleton key={index} h={220} radius="lg" />);
}
