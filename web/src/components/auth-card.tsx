import { Card, Center, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageMeta } from '../lib/meta-tags';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  usePageMeta(title);
  return (
    <Center minH="calc(100vh - 64px)" px="4" py="10">
      <Card.Root w="full" maxW="md" shadow="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Center>
  );
}
