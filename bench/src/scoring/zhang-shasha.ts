import type { RenameCost, TreeNode } from './tree'

interface PostOrder<T> {
  nodes: T[]
  /** Post-order index of each node's leftmost leaf. */
  leftmost: number[]
  keyRoots: number[]
}

function postOrder<T extends TreeNode>(root: T): PostOrder<T> {
  const nodes: T[] = []
  const leftmost: number[] = []
  // iterative, so deep trees cannot overflow the stack
  const stack: [T, number][] = [[root, 0]]
  const firsts: (number | null)[] = [null]
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as [T, number]
    const [node, k] = top
    if (k < node.kids.length) {
      top[1] = k + 1
      stack.push([node.kids[k] as T, 0])
      firsts.push(null)
      continue
    }
    stack.pop()
    const first = firsts.pop() ?? null
    const index = nodes.length
    nodes.push(node)
    const leaf = first === null ? index : first
    leftmost.push(leaf)
    if (firsts.length > 0 && firsts[firsts.length - 1] === null) firsts[firsts.length - 1] = leaf
  }
  const lastWithLeaf = new Map<number, number>()
  for (let index = 0; index < leftmost.length; index++)
    lastWithLeaf.set(leftmost[index] as number, index)
  const keyRoots = [...lastWithLeaf.values()].sort((a, b) => a - b)
  return { nodes, leftmost, keyRoots }
}

/**
 * The minimal ordered tree edit distance (Zhang-Shasha), unit insert and delete. `lowerBound`
 * only skips rename calls that cannot lower the minimum; it never changes the result.
 */
export function zhangShashaDistance<T extends TreeNode>(
  a: T,
  b: T,
  rename: RenameCost<T>,
  lowerBound?: RenameCost<T>,
): number {
  const t1 = postOrder(a)
  const t2 = postOrder(b)
  const n1 = t1.nodes.length
  const n2 = t2.nodes.length
  const treeDist = new Float64Array(n1 * n2)
  for (const i of t1.keyRoots) {
    const li = t1.leftmost[i] as number
    const rows = i - li + 1
    for (const j of t2.keyRoots) {
      const lj = t2.leftmost[j] as number
      const cols = j - lj + 1
      const width = cols + 1
      const forest = new Float64Array((rows + 1) * width)
      for (let y = 0; y <= cols; y++) forest[y] = y
      for (let x = 1; x <= rows; x++) {
        const ix = li + x - 1
        const p = (t1.leftmost[ix] as number) - li
        const row = x * width
        forest[row] = x
        for (let y = 1; y <= cols; y++) {
          const jy = lj + y - 1
          const q = (t2.leftmost[jy] as number) - lj
          let best = (forest[row - width + y] as number) + 1
          const insert = (forest[row + y - 1] as number) + 1
          if (insert < best) best = insert
          if (p === 0 && q === 0) {
            const base = forest[row - width + y - 1] as number
            const na = t1.nodes[ix] as T
            const nb = t2.nodes[jy] as T
            if (lowerBound === undefined || base + lowerBound(na, nb) < best) {
              const renamed = base + rename(na, nb)
              if (renamed < best) best = renamed
            }
            treeDist[ix * n2 + jy] = best
          } else {
            const other = (forest[p * width + q] as number) + (treeDist[ix * n2 + jy] as number)
            if (other < best) best = other
          }
          forest[row + y] = best
        }
      }
    }
  }
  return treeDist[(n1 - 1) * n2 + n2 - 1] as number
}
