import NavigationCore

print("corebench: NavigationCore benchmarks")
