/** Union-find over the indexes 0 to size - 1: which items are joined, directly or through others. */
export interface DisjointSets {
  /** The representative of the set that holds `index`. */
  find(index: number): number
  /** Joins the sets that hold `a` and `b`. */
  union(a: number, b: number): void
}

export function disjointSets(size: number): DisjointSets {
  const parent = Int32Array.from({ length: size }, (_, i) => i)
  const find = (index: number): number => {
    let i = index
    while (parent[i] !== i) {
      // Path halving: every other node on the way points to its grandparent.
      parent[i] = parent[parent[i] as number] as number
      i = parent[i] as number
    }
    return i
  }
  return {
    find,
    union: (a, b) => {
      parent[find(a)] = find(b)
    },
  }
}
