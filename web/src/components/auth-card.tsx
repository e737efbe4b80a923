import { Card, Center, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Center minH="calc(100vh - 64px)" px="4" py="10">
      <Card.Root w="full" maxW="md" shadow="md">
        <Card.Header>
          <Heading size="xl">{title}</Heading>
          {subtitle && <Text color="fg.muted">{subtitle}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Center>
  );
}
