// What this machine's kernel charges for a push fan-out, with no server software at all: N loopback
// TCP connections, one thread writing one <size>-byte segment to each (one write(2) per socket, as
// any WebSocket server must), one thread on the other core reading them as they arrive (epoll).
// Prints the time from the first write until the last socket has its bytes, for several rounds.
// A server written in anything, on one thread, cannot fan out faster than this.
//
//   loopback-floor <sockets> <bytes> <rounds>   → one line per round: "<ms>"
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int n;
static volatile long *got;  // shared with the reading process

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// The reading side: its own process (each side then needs only n descriptors).
static void reader(struct sockaddr_in a) {
  int *cli = malloc(n * sizeof *cli), one = 1;
  int ep = epoll_create1(0);
  for (int i = 0; i < n; i++) {
    cli[i] = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(cli[i], (struct sockaddr *)&a, sizeof a) < 0) perror("connect"), exit(1);
    setsockopt(cli[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(cli[i], F_SETFL, O_NONBLOCK);
    struct epoll_event e = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
    epoll_ctl(ep, EPOLL_CTL_ADD, cli[i], &e);
  }
  static char buf[1 << 16];
  struct epoll_event ev[1024];
  for (;;) {
    int k = epoll_wait(ep, ev, 1024, -1);
    for (int j = 0; j < k; j++) {
      ssize_t r = read(cli[ev[j].data.u32], buf, sizeof buf);
      if (r > 0) __sync_fetch_and_add(got, 1);
      else if (r == 0) exit(0);
    }
  }
}

static void raise_limit(void) {
  struct rlimit rl;
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
  if ((rlim_t)(n + 64) > rl.rlim_cur) fprintf(stderr, "loopback-floor: %d sockets need %d descriptors, the limit is %ld\n", n, n + 64, (long)rl.rlim_cur), exit(1);
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  n = atoi(argv[1]);
  int size = atoi(argv[2]), rounds = atoi(argv[3]), one = 1;
  raise_limit();
  got = mmap(NULL, sizeof *got, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  int l = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(0x7f000001)};
  socklen_t al = sizeof a;
  if (bind(l, (struct sockaddr *)&a, sizeof a) < 0 || listen(l, 4096) < 0) return perror("listen"), 1;
  getsockname(l, (struct sockaddr *)&a, &al);
  pid_t child = fork();
  if (child == 0) reader(a);
  int *srv = malloc(n * sizeof *srv);
  for (int i = 0; i < n; i++) {
    srv[i] = accept(l, NULL, NULL);
    if (srv[i] < 0) return perror("accept"), 1;
    setsockopt(srv[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  usleep(200000);  // the reader is in epoll_wait
  char *msg = calloc(1, size);
  for (int r = 0; r < rounds; r++) {
    long target = *got + n;
    double t0 = now_ms();
    for (int i = 0; i < n; i++)
      if (write(srv[i], msg, size) != size) return perror("write"), 1;
    while (*got < target) {
    }
    printf("%.1f\n", now_ms() - t0);
    fflush(stdout);
    usleep(100000);
  }
  kill(child, SIGTERM);
  return 0;
}
