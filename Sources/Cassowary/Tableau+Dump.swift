extension Tableau {
  /// A readable picture of the tableau, in symbol order.
  func dump() -> String {
    var out = "Objective\n---------\n"
    var objTerms: [String] = []
    for s in info.indices where info[s].objective != 0 {
      objTerms.append("\(number(info[s].objective)) * \(name(s))")
    }
    out += ([number(objectiveConstant)] + objTerms).joined(separator: " + ") + "\n\n"
    out += "Tableau\n-------\n"
    let live = rows.elements.filter { $0.basic.exists }.sorted { $0.basic < $1.basic }
    for row in live { out += "\(name(row.basic)) | \(describe(row))\n" }
    out += "\nInfeasible\n----------\n"
    for s in infeasible.elements { out += "\(name(s))\n" }
    out += "\nDefinitions\n-----------\n"
    for def in definitions.elements where def.alive {
      let start = Int(def.termStart)
      let terms = (start..<start + Int(def.termCount)).map {
        "\(number(definitionCoeffs[$0])) * \(name(definitionSyms[$0]))"
      }
      out +=
        "\(name(def.variable)) = " + ([number(def.constant)] + terms).joined(separator: " + ")
        + "\n"
    }
    out += "\nVariables\n---------\n"
    for s in info.indices {
      guard let v = Self.variable(info[s].symVariableRef) else { continue }
      out += "\(name(s)) = \(number(v.value))\n"
    }
    out += "\nEdit Variables\n--------------\n"
    for e in edits where e.alive {
      if let v = e.variable { out += "\(v) suggested \(number(e.constant))\n" }
    }
    out += "\nConstraints\n-----------\n"
    for t in tags.indices {
      if let c = reportedConstraint(t) { out += "\(c)\n" }
    }
    return out
  }

  private func describe(_ row: Row) -> String {
    let terms = (0..<row.count).map { "\(number(row.coeff($0))) * \(name(row.sym($0)))" }
    return ([number(row.constant)] + terms).joined(separator: " + ")
  }

  private func name(_ s: Symbol) -> String {
    switch info[s].kind {
    case .external:
      let v = Self.variable(info[s].symVariableRef)?.description ?? "?"
      return "v\(s)[\(v)]"
    case .slack: return "s\(s)"
    case .error: return "e\(s)"
    case .dummy: return "d\(s)"
    }
  }

  private func number(_ x: Double) -> String {
    let r = (x * 1e6).rounded() / 1e6
    return formatNumber(r == 0 ? 0 : r)
  }
}
